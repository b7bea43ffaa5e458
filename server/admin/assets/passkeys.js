// Wires the back office's passkey buttons: "Add a passkey" on the account page and "Use a passkey" on the
// sign-in page. It runs after /admin/assets/webauthn.js (@simplewebauthn/browser, the global SimpleWebAuthnBrowser).
// The buttons stay hidden unless this browser can use passkeys, so a page without them is never broken.
(function () {
  'use strict';
  var lib = window.SimpleWebAuthnBrowser;
  if (!lib || !window.PublicKeyCredential || !lib.browserSupportsWebAuthn()) return;

  var status = document.getElementById('passkey-status');
  function say(text) {
    // Emptied first so that the same sentence twice in a row is announced again.
    status.textContent = '';
    window.setTimeout(function () {
      status.textContent = text;
    }, 50);
  }

  // Same-origin POST: the browser adds the Origin header, which the server's cross-site check requires.
  function post(url, body) {
    return fetch(url, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body || {}),
    }).then(function (res) {
      return res
        .json()
        .catch(function () {
          return {};
        })
        .then(function (data) {
          if (!res.ok) throw new Error(data.message || 'Something went wrong on the server. Please try again.');
          return data;
        });
    });
  }

  function serverError(e) {
    return e && e.message ? e.message : 'Something went wrong. Please try again.';
  }

  var add = document.getElementById('add-passkey');
  if (add) {
    var unsupported = document.querySelector('[data-passkey-unsupported]');
    if (unsupported) unsupported.hidden = true;
    add.hidden = false;
    add.addEventListener('click', function () {
      add.disabled = true;
      say('Follow your browser’s steps to add a passkey.');
      post('/admin/api/passkeys/options')
        .then(
          function (begun) {
            return lib.startRegistration({ optionsJSON: begun.options }).then(
              function (response) {
                return post('/admin/api/passkeys', { challengeId: begun.challengeId, response: response }).then(showAdded, function (e) {
                  say(serverError(e));
                });
              },
              function (e) {
                if (e && e.name === 'InvalidStateError') say('This device already has a passkey for your account.');
                else if (e && e.name === 'NotAllowedError') say('Adding a passkey was cancelled.');
                else say('This browser could not add a passkey. Please try again.');
              },
            );
          },
          function (e) {
            say(serverError(e));
          },
        )
        .then(function () {
          add.disabled = false;
        });
    });
  }

  function showAdded(data) {
    var list = document.getElementById('passkey-list');
    var template = document.getElementById('passkey-row');
    if (list && template && data.passkey) {
      var row = template.content.firstElementChild.cloneNode(true);
      row.querySelector('.passkey-name').textContent = data.passkey.name;
      row.querySelector('input[name="id"]').value = data.passkey.id;
      row.querySelector('.visually-hidden').textContent = ' ' + data.passkey.name;
      list.appendChild(row);
      list.hidden = false;
      var none = document.getElementById('no-passkeys');
      if (none) none.hidden = true;
    }
    say('Passkey added.');
  }

  var signIn = document.querySelector('[data-passkey-sign-in]');
  var use = document.getElementById('passkey-sign-in');
  if (signIn && use) {
    signIn.hidden = false;
    use.addEventListener('click', function () {
      use.disabled = true;
      say('Follow your browser’s steps to use your passkey.');
      post('/admin/api/passkeys/sign-in/options')
        .then(
          function (begun) {
            return lib.startAuthentication({ optionsJSON: begun.options }).then(
              function (response) {
                return post('/admin/api/passkeys/sign-in', {
                  challengeId: begun.challengeId,
                  response: response,
                  next: signIn.getAttribute('data-next'),
                }).then(
                  function (done) {
                    say('Signed in. Opening the back office…');
                    window.location.assign(done.next);
                  },
                  function (e) {
                    say(serverError(e));
                  },
                );
              },
              function (e) {
                // Browsers give the same error for a cancelled prompt and for a device with no passkey here.
                if (e && e.name === 'NotAllowedError')
                  say('Passkey sign-in was cancelled. If this device has no passkey for the back office, sign in with your email and password.');
                else say('This browser could not use a passkey. Please sign in with your email and password.');
              },
            );
          },
          function (e) {
            say(serverError(e));
          },
        )
        .then(function () {
          use.disabled = false;
        });
    });
  }
})();
