/** A pick wave's pick list. */
export const wavePath = (id: string) => `/waves/${encodeURIComponent(id)}`;
