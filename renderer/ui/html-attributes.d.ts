// HTML that React passes through as written and its types do not list yet: a button's invoker command (`commandfor`,
// `command`) and a dialog's `closedby`.
import 'react';

declare module 'react' {
  interface ButtonHTMLAttributes<T> extends HTMLAttributes<T> {
    commandfor?: string;
    command?: string;
  }
  interface DialogHTMLAttributes<T> extends HTMLAttributes<T> {
    closedby?: 'any' | 'closerequest' | 'none';
  }
}
