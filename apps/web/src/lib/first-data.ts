/**
 * The id of the `<script type="application/json">` in which the server sends the query cache of a page it rendered
 * with its data (the shop, a product page: ADR 013); main.tsx puts it in the browser's cache before the app renders.
 * The server writes the same id (apps/api/src/platform/screen-render.ts).
 */
export const FIRST_DATA_ID = 'mb-first-data';
