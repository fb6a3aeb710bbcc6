/** The audit trail of what one staff member did (`/audit?staff_id=S1`). */
export const staffAuditPath = (staffId: string) => `/audit?${new URLSearchParams({ staff_id: staffId }).toString()}`;
