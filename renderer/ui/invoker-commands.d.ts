// The HTML invoker commands (a button's `commandfor` and `command`), which React passes through as written and its
// types do not list yet.
import 'react';

declare module 'react' {
  interface ButtonHTMLAttributes<T> extends HTMLAttributes<T> {
    commandfor?: string;
    command?: string;
  }
}
