/** Vite's client types: CSS imports and import.meta.env in the page's sources. */
/// <reference types="vite/client" />
