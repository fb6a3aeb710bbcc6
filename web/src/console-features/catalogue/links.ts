/** The audit trail filtered to one object (`/audit?object_type=product&object_id=P1`). */
export const auditPath = (objectType: string, objectId: string) =>
  `/audit?${new URLSearchParams({ object_type: objectType, object_id: objectId }).toString()}`;

/** A product's form; `new` makes one. */
export const productPath = (id: string) => `/products/${encodeURIComponent(id)}`;
export const NEW_PRODUCT_PATH = '/products/new';

/** An import's preview and result. */
export const importPath = (id: string) => `/imports/${encodeURIComponent(id)}`;
