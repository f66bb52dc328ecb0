// The login pages' few icons as inline SVG (no icon library on the first page); decorative
// (aria-hidden): the controls carry their own names.
const svg = { className: 'login-icon', viewBox: '0 0 16 16', 'aria-hidden': true, focusable: false, fill: 'currentColor' } as const;

export const UserIcon = () => (
  <svg {...svg}>
    <path d="M8 8a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7Zm0-1.2a2.3 2.3 0 1 1 0-4.6 2.3 2.3 0 0 1 0 4.6ZM1.5 15h1.2c.2-2.7 2.5-4.8 5.3-4.8s5.1 2.1 5.3 4.8h1.2C14.3 11.6 11.5 9 8 9s-6.3 2.6-6.5 6Z" />
  </svg>
);

export const LockIcon = () => (
  <svg {...svg}>
    <path d="M12.5 6.5H12V4.5a4 4 0 0 0-8 0v2h-.5A1.5 1.5 0 0 0 2 8v6a1.5 1.5 0 0 0 1.5 1.5h9A1.5 1.5 0 0 0 14 14V8a1.5 1.5 0 0 0-1.5-1.5ZM5.2 4.5a2.8 2.8 0 0 1 5.6 0v2H5.2v-2Zm7.6 9.5a.3.3 0 0 1-.3.3h-9a.3.3 0 0 1-.3-.3V8a.3.3 0 0 1 .3-.3h9a.3.3 0 0 1 .3.3v6ZM8 9a1 1 0 0 0-.6 1.8V12h1.2v-1.2A1 1 0 0 0 8 9Z" />
  </svg>
);

export const EyeIcon = () => (
  <svg {...svg}>
    <path d="M8 3C4.4 3 1.7 5.4.5 8c1.2 2.6 3.9 5 7.5 5s6.3-2.4 7.5-5C14.3 5.4 11.6 3 8 3Zm0 8.8A3.8 3.8 0 1 1 8 4.2a3.8 3.8 0 0 1 0 7.6ZM8 6a2 2 0 1 0 0 4 2 2 0 0 0 0-4Z" />
  </svg>
);

export const EyeOffIcon = () => (
  <svg {...svg}>
    <path d="M2.1 1.3 1.3 2.1l2.2 2.2C2.2 5.2 1.1 6.5.5 8c1.2 2.6 3.9 5 7.5 5 1.3 0 2.5-.3 3.6-.9l2.3 2.3.8-.8L2.1 1.3ZM8 11.8A3.8 3.8 0 0 1 4.7 6l1.1 1.1A2 2 0 0 0 8.9 10.2l1.1 1.1c-.6.3-1.3.5-2 .5ZM8 3c3.6 0 6.3 2.4 7.5 5-.5 1.1-1.3 2.2-2.3 3l-1.8-1.8A3.8 3.8 0 0 0 6.8 4.4L5.4 3.5C6.2 3.2 7.1 3 8 3Z" />
  </svg>
);

export const ErrorIcon = () => (
  <svg {...svg}>
    <path d="M8 1a7 7 0 1 0 0 14A7 7 0 0 0 8 1Zm2.8 8.9-.9.9L8 8.9l-1.9 1.9-.9-.9L7.1 8 5.2 6.1l.9-.9L8 7.1l1.9-1.9.9.9L8.9 8l1.9 1.9Z" />
  </svg>
);
