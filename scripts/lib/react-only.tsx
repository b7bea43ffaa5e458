/**
 * The audit's "React only" control page (`npm run audit -- --control`): React 19 and react-dom, loaded as the site
 * loads them (one module script at low priority), rendering one component in a transition in a task of its own.
 * No router, no app code, no hydration: what any page pays on this machine for having React before interaction.
 */
import { startTransition, useState } from 'react';
import { createRoot } from 'react-dom/client';

function Counter() {
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount(count + 1)}>
      {count}
    </button>
  );
}

// A detached container: the page looks and lays out exactly as the prerendered HTML does.
const container = document.createElement('div');
setTimeout(() => startTransition(() => createRoot(container).render(<Counter />)));
