//! Issue 45 item 1 and 3: a link belongs to the platform's SKU, a product-level code resolves each
//! line by its spec, and colours and sizes are found in either language.
