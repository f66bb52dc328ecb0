import { createContext, useContext } from 'react';

/** true while the sign-in pages render at build time (src/pages/login/prerender.tsx): inputs read-only, buttons disabled */
export const Prerendering = createContext(false);

export const usePrerendering = () => useContext(Prerendering);
