/**
 * Reading a failed call as the base query left it (`{msg, data}` of api/base-query's ApiError):
 * the field a 422 names and the envelope's text. Plain shapes, so lib stays the bottom layer.
 */

/** The form field a refusal names (`data.field` of a 422), if any. */
export function refusedField(error: unknown): string | null {
  const data = (error as { data?: unknown } | null | undefined)?.data;
  const field = (data as { field?: unknown } | null | undefined)?.field;
  return typeof field === 'string' && field !== '' ? field : null;
}

/** The text of a failed call: the envelope's msg as the base query kept it. */
export function failureText(error: unknown): string | null {
  const msg = (error as { msg?: unknown } | null | undefined)?.msg;
  return typeof msg === 'string' && msg !== '' ? msg : null;
}
