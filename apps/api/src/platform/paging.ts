/** A search word as an ILIKE pattern matching it anywhere, with %, _ and \ taken literally. */
export const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** OFFSET of a 1-based page. */
export const offsetOf = (page: number, pageSize: number) => (page - 1) * pageSize;
