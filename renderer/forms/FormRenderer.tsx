import { startTransition, useContext, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { navigateTo } from '../lib/navigate.ts';
import { keepForNextPage } from './flash.ts';
import Form from '@rjsf/core';
import type { ErrorSchema, RJSFSchema, UiSchema, ValidatorType } from '@rjsf/utils';
import { createPrecompiledValidator, type ValidatorFunctions } from '@rjsf/validator-ajv8';
import type { FormConfig, FormNotice } from '../generated/config-types.ts';
import { resolveHref } from '../lib/href.ts';
import { useSite } from '../lib/site-context.tsx';
import { Button } from '../ui/Button.tsx';
import { NEW_TAB_NOTE_ID, SmartLink } from '../ui/SmartLink.tsx';
import { checkValues } from './check.ts';
import { createTransformErrors } from './messages.ts';
import { defaultsOf, widgetOf, type FormValues } from './payload.ts';
import { buildPayload } from './build-payload.ts';
import { HONEYPOT_FIELD, withHoneypot } from './honeypot.ts';
import { saveStore } from './store.ts';
import { attributionHeaders } from './attribution.ts';
import { noteFormStart } from './form-start.ts';
import { generatedKeys, idempotencyHeaders, nextAttempt, randomKey, type Attempt } from './idempotency.ts';
import { failureText, resolveEndpoint, sendForm, serverFieldErrors, successText } from './submit.ts';
import { ensureToastHost, showToast } from './toasts.tsx';
import { validatorChunks } from './validator-chunks.ts';
import { templates } from './templates.tsx';
import { PAGE_FIELD } from './answer.ts';
import { useAnswer } from './answer-context.ts';
import { FormHostContext } from './host-context.ts';
import { useRoute } from '../lib/route-params.tsx';
import { widgets, type FormContext } from './widgets.tsx';
import styles from './forms.module.css';

export interface FormRendererProps {
  /** File name of the form in site.config/forms/, e.g. "waitlist". */
  formId: string;
  config: FormConfig;
  /** Closes the surrounding dialog (form files with onSuccess.closeDialog). */
  onClose?: () => void;
  /** Toast container inside a modal dialog; failure toasts go there so they are not hidden behind the backdrop. */
  dialogToastContainer?: string;
  /** Where the precompiled validator comes from; tests pass one compiled from an edited form file. */
  loadValidator?: () => Promise<ValidatorFunctions>;
  fetchImpl?: typeof fetch;
  /** Put the cursor in the first field once shown (a dialog or a panel the visitor just opened). */
  autoFocus?: boolean;
}

/** Stands in until the form's validator chunk arrives; flat form schemas never ask it anything while rendering. */
const pendingValidator: ValidatorType = {
  validateFormData: () => ({ errors: [], errorSchema: {} }),
  isValid: () => false,
  rawValidation: () => ({ errors: [] }),
};

/** rjsf's uiSchema from the form file: every field gets an explicit widget; unknown names in "order" are ignored. */
export function toRjsfUiSchema(config: FormConfig): UiSchema {
  const names = Object.keys(config.schema.properties);
  const ui: UiSchema = { 'ui:submitButtonOptions': { norender: true } };
  if (config.order) ui['ui:order'] = [...config.order.filter((n) => names.includes(n)), '*'];
  for (const name of Object.keys(config.schema.properties)) {
    ui[name] = { ...(config.uiSchema?.[name] ?? {}), 'ui:widget': widgetOf(config, name) };
  }
  return ui;
}

/** Words of the link to the privacy policy beside the submit button when the site settings give none. */
export const PRIVACY_LINK_LABEL = 'How we use your details';

/** The errors to display, in rjsf's ErrorSchema shape. */
function toErrorSchema(messages: Record<string, string>, shown: ReadonlySet<string>): ErrorSchema {
  const out: Record<string, { __errors: string[] }> = {};
  for (const [field, message] of Object.entries(messages)) if (shown.has(field)) out[field] = { __errors: [message] };
  return out as ErrorSchema;
}

/**
 * Renders a form file with @rjsf/core and runs its submission. Which messages show follows the file's
 * "validateOn"; submitting shows them all and moves focus to the first field in error. One request at a
 * time; on any failure the visitor's input stays.
 */
export function FormRenderer({ formId, config, onClose, dialogToastContainer, loadValidator, fetchImpl, autoFocus = false }: FormRendererProps) {
  const site = useSite();
  const route = useRoute();
  const schema = config.schema as RJSFSchema;
  const uiSchema = useMemo(() => toRjsfUiSchema(config), [config]);
  const transformErrors = useMemo(() => createTransformErrors(config.schema), [config]);
  const initial = useMemo(() => defaultsOf(config.schema.properties), [config]);
  const fields = useMemo(() => {
    const order = (uiSchema['ui:order'] as string[] | undefined)?.filter((n) => n !== '*') ?? [];
    const rest = Object.keys(config.schema.properties).filter((n) => !order.includes(n));
    return [...order, ...rest];
  }, [uiSchema, config]);
  const idPrefix = `f-${formId}`;
  const mode = config.validateOn ?? 'touched';

  // A page the lead service answered a form with (no JavaScript, or this island's code did not arrive in time).
  const answered = useAnswer();
  const answer = answered?.form === formId ? answered : null;
  const [data, setData] = useState<FormValues>(() => (answer ? { ...initial, ...answer.values } : initial));
  const host = useContext(FormHostContext);
  const [shown, setShown] = useState<ReadonlySet<string>>(() => new Set([...Object.keys(answer?.errors ?? {}), ...(host?.showAllMessages ? fields : [])]));
  const [validator, setValidator] = useState<ValidatorType | null>(null);
  const [busy, setBusy] = useState(false);
  const [banner, setBanner] = useState<{ kind: 'success' | 'error'; text: string } | null>(() =>
    answer?.notice ? { kind: 'success', text: answer.notice } : null,
  );
  /** The service's own messages from a 422, by form field; a field's goes once the visitor changes it. */
  const [serverErrors, setServerErrors] = useState<Record<string, string>>(() => answer?.errors ?? {});
  const busyRef = useRef(false);
  /** The last submission that did not succeed: sending the same input again reuses its Idempotency-Key. */
  const attemptRef = useRef<Attempt | null>(null);
  const trapRef = useRef<HTMLInputElement>(null);
  const generated = useMemo(() => generatedKeys(config.submit.payload), [config]);
  const formRef = useRef<HTMLDivElement>(null);
  const bannerTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const validatorPromise = useRef<Promise<ValidatorType> | null>(null);

  const getValidator = () =>
    (validatorPromise.current ??= (
      host?.validator && !loadValidator
        ? Promise.resolve(host.validator())
        : (loadValidator ? loadValidator() : validatorChunks.load(formId)).then((fns) => createPrecompiledValidator(fns, schema))
    ).then(
      (v) => {
        // A transition, as is all that arrives on its own: rendered with the visitor's next keystroke, it would give the
        // form new props before the form has handed that keystroke back to `data`, and the field would show the text
        // from before it for a moment (the caret jumps to the end).
        startTransition(() => setValidator(v));
        return v;
      },
      (e: unknown) => {
        // Forgotten, so the next submit fetches the validator again instead of failing for the rest of the visit.
        validatorPromise.current = null;
        validatorChunks.reset();
        throw e;
      },
    ));

  const usesToasts = config.submit.onSuccess.notice?.show === 'toast' || config.submit.onFailure.notice.show === 'toast';
  // Once, when the form is first on the page: a later render must not fetch again or move the focus.
  useEffect(() => {
    // Fetched after hydration so the first paint never waits for them.
    getValidator().catch(() => undefined);
    if (usesToasts) ensureToastHost().catch(() => undefined);
    // A frame later: a surrounding modal dialog has called showModal() by then, which moves focus itself.
    const frame = autoFocus
      ? requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('input:not([type="hidden"]), textarea, select')?.focus())
      : 0;
    return () => {
      clearTimeout(bannerTimer.current);
      cancelAnimationFrame(frame);
    };
  }, []); // eslint-disable-line react-hooks/exhaustive-deps

  const check = (v: ValidatorType, values: FormValues) => checkValues(v, config, values, transformErrors, uiSchema);
  // check reads only the form's config and the validator, so the values and the validator are what change its answer.
  const messages = useMemo(() => (validator ? check(validator, data) : {}), [validator, data]); // eslint-disable-line react-hooks/exhaustive-deps

  // The browser's own check wins where both have a message; the service's show at once, whatever "validateOn" says.
  const extraErrors = useMemo(
    () => toErrorSchema({ ...serverErrors, ...messages }, new Set([...shown, ...Object.keys(serverErrors)])),
    [messages, shown, serverErrors],
  );

  const fieldOf = (id: string) => fields.find((f) => id === `${idPrefix}-${f}`);
  const update = (next: FormValues) => {
    const changed = Object.keys({ ...data, ...next }).filter((k) => next[k] !== data[k]);
    setData(next);
    if (changed.some((f) => f in serverErrors)) setServerErrors((e) => Object.fromEntries(Object.entries(e).filter(([f]) => !changed.includes(f))));
    if (mode === 'change') setShown((s) => new Set([...s, ...changed]));
    if (mode === 'blur') setShown((s) => new Set([...s].filter((f) => !changed.includes(f))));
  };
  const context: FormContext = { data, setFields: (values) => update({ ...data, ...values }) };

  /** `leaving`: the visitor goes on to another page at once, where the toast shows instead. */
  const notify = (notice: FormNotice, kind: 'success' | 'error', text: string, leaving = false) => {
    clearTimeout(bannerTimer.current);
    if (notice.show === 'banner') {
      setBanner({ kind, text });
      if (notice.hideAfterMs) bannerTimer.current = setTimeout(() => startTransition(() => setBanner(null)), notice.hideAfterMs);
      return;
    }
    // A toast outside an open modal dialog would sit under its backdrop; after closing, the page's host shows it.
    const inDialog = kind === 'error' || !config.submit.onSuccess.closeDialog;
    const toast = {
      text,
      kind,
      position: config.toast?.position ?? 'top-right',
      autoCloseMs: config.toast?.autoCloseMs ?? 4000,
      containerId: inDialog ? dialogToastContainer : undefined,
    } as const;
    if (leaving && keepForNextPage(toast)) return;
    void showToast(toast);
  };

  const [focusRequest, setFocusRequest] = useState<{ field: string } | null>(null);
  // Runs when a focus is asked for; focusField reads the form as it is then.
  useEffect(() => {
    if (focusRequest) focusField(focusRequest.field);
  }, [focusRequest]); // eslint-disable-line react-hooks/exhaustive-deps

  const focusField = (field: string) => {
    const found = document.getElementById(`${idPrefix}-${field}`);
    const el = found && formRef.current?.contains(found) ? found : null;
    const target = el?.matches('input, textarea, select, button') ? el : el?.querySelector<HTMLElement>('input:checked, input, textarea, select, button');
    target?.focus();
  };

  const submit = async () => {
    if (busyRef.current) return;
    busyRef.current = true;
    try {
      const v = validator ?? (await getValidator());
      const errors = check(v, data);
      setShown(new Set(fields));
      const first = fields.find((f) => errors[f]);
      if (first) {
        // Focus once the messages are on the page, so the field is announced with its message.
        setFocusRequest({ field: first });
        return;
      }
      setBusy(true);
      setBanner(null);
      clearTimeout(bannerTimer.current);
      setServerErrors({});
      const attempt = nextAttempt(attemptRef.current, buildPayload(config.submit.payload, data), generated, randomKey);
      attemptRef.current = attempt;
      const { body } = attempt;
      const url = resolveEndpoint(config.submit.endpoint, site.iamService);
      const view = typeof window === 'undefined' ? undefined : window;
      const headers = { ...idempotencyHeaders(url, attempt.key, view?.location.origin), ...attributionHeaders(url, view) };
      const outcome = await sendForm(config.submit, withHoneypot(body, trapRef.current?.value ?? ''), site.iamService, fetchImpl, headers);
      // The service's answer arrives on its own, while the visitor may be typing: a transition (see getValidator).
      startTransition(() => {
        setBusy(false);
        if (outcome.kind !== 'success') {
          const fieldErrors = outcome.kind === 'http' && outcome.status === 422 ? serverFieldErrors(outcome.data, config.submit.payload) : {};
          const firstWrong = fields.find((f) => fieldErrors[f]);
          if (firstWrong) {
            setServerErrors(fieldErrors);
            setFocusRequest({ field: firstWrong });
          }
          notify(config.submit.onFailure.notice, 'error', failureText(config.submit.onFailure.notice, outcome));
          return;
        }
        attemptRef.current = null;
        const then = config.submit.onSuccess;
        if (then.store) saveStore(then.store.key, Object.fromEntries(then.store.fields.filter((k) => k in body).map((k) => [k, body[k]])));
        if (then.notice) notify(then.notice, 'success', successText(then.notice, outcome), Boolean(then.goTo));
        if (then.reset) {
          if (trapRef.current) trapRef.current.value = '';
          setData(initial);
          setShown(new Set());
        }
        if (then.closeDialog) onClose?.();
        // A route of this site and another site's address are both a document load now.
        if (then.goTo) navigateTo(resolveHref(then.goTo, site).href);
      });
    } catch {
      // The validator chunk failed to load: the form cannot check itself, so say so rather than send unchecked data.
      startTransition(() => {
        setBusy(false);
        notify(config.submit.onFailure.notice, 'error', failureText(config.submit.onFailure.notice, { kind: 'network', error: 'validator unavailable' }));
      });
    } finally {
      busyRef.current = false;
    }
  };

  const { label, busyLabel } = config.submit;
  // Without JavaScript the browser posts the form itself: to the site's own lead service, which answers with a page.
  // An external service would get a form post it was never built for, so there the form says it needs JavaScript.
  const endpoint = resolveEndpoint(config.submit.endpoint, site.iamService);
  const nativeAction = endpoint.startsWith('/') ? endpoint : undefined;
  const privacy = site.privacyPolicy;
  // The visitor's first focus into a field, or first input, is the form's start (counted once per page).
  const noteStart = (e: { target: EventTarget | null }) => noteFormStart(formId, endpoint, e.target);
  return (
    <div ref={formRef} className={styles.form} onFocus={noteStart} onInput={noteStart}>
      <Form
        schema={schema}
        uiSchema={uiSchema}
        validator={validator ?? pendingValidator}
        formData={data}
        formContext={context}
        widgets={widgets}
        templates={templates}
        idPrefix={idPrefix}
        idSeparator="-"
        // A submit before any script has run (none loaded, or the visitor was quicker) must not put what was typed
        // into the address bar, history and server logs, as the browser's default GET would.
        method="post"
        action={nativeAction}
        noValidate
        noHtml5Validate
        showErrorList={false}
        extraErrors={extraErrors}
        onChange={(e) => update((e.formData ?? {}) as FormValues)}
        onBlur={(id) => {
          const field = fieldOf(id);
          if (field && (mode === 'touched' || mode === 'blur')) setShown((s) => (s.has(field) ? s : new Set([...s, field])));
        }}
        onSubmit={(_e, event: FormEvent) => {
          event.preventDefault();
          void submit();
        }}
      >
        {/*
          The honeypot: people never see or reach it (off-screen, hidden from assistive technology, out of the tab
          order); bots that fill in every input do. Off-screen rather than display:none, which some bots skip.
        */}
        <div className={styles.honeypot} aria-hidden="true">
          <label htmlFor={`${idPrefix}--${HONEYPOT_FIELD}`}>Leave this field empty</label>
          <input ref={trapRef} type="text" id={`${idPrefix}--${HONEYPOT_FIELD}`} name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
        </div>
        <input type="hidden" name={PAGE_FIELD} value={route} />
        {!nativeAction && (
          <noscript>
            <p className={`${styles.banner} ${styles['banner-error']}`}>This form needs JavaScript to send. Turn JavaScript on, or write to us instead.</p>
          </noscript>
        )}
        <div className={styles.actions}>
          <Button type="submit" size="lg" className={styles.submit} state={busy ? (busyLabel ? 'disabled' : 'loading') : 'normal'}>
            {busy && busyLabel ? busyLabel : label}
          </Button>
          {/*
            How the details are used, where the visitor decides to send them. A new tab, so what was typed here stays
            (a dialog's form would be gone with the page); a plain link, so it works before any script has run.
          */}
          {privacy && (
            <SmartLink to={privacy.href} className={styles.privacy} target="_blank" rel="noopener" aria-describedby={NEW_TAB_NOTE_ID}>
              {privacy.formLinkLabel ?? PRIVACY_LINK_LABEL}
            </SmartLink>
          )}
        </div>
        <div className={styles['banner-slot']} role="status">
          {banner?.kind === 'success' && <p className={`${styles.banner} ${styles['banner-success']}`}>{banner.text}</p>}
        </div>
        {banner?.kind === 'error' && (
          <p className={`${styles.banner} ${styles['banner-error']}`} role="alert">
            {banner.text}
          </p>
        )}
      </Form>
    </div>
  );
}
