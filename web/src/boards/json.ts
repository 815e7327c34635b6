/** Board props are plain JSON: a field that should be a list is read as one, anything else as []. */
export const arr = <T = unknown>(v: unknown): T[] => (Array.isArray(v) ? (v as T[]) : []);
