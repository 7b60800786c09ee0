import { createContext } from 'react';

/**
 * True under a layout's <main>: an error or not-found page shown there is a part of that
 * page (no second main landmark, no second h1), alone it is the page itself.
 */
export const InsideMain = createContext(false);
