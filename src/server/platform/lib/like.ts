/** An ILIKE pattern for "contains `text`": its own %, _ and \ match themselves (PostgreSQL's default escape is \). */
export const likeContaining = (text: string) => `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
