import { useMeQuery, type Permission, type Staff } from '../api/console-api';
import { selectConsoleToken } from '../state/console-session';
import { useConsoleSelector } from '../state/console-hooks';

export interface StaffAccess {
  /** Who is signed in (the layout has asked `staff/me` before any screen shows). */
  staff: Staff | undefined;
  /** Whether their role holds `permission`; the server checks every call anyway. */
  can: (permission: Permission) => boolean;
  /** A supplier's account: it sees and changes only its own stalls' products. */
  isStall: boolean;
}

/** The signed-in staff member and what their role allows, from the layout's `staff/me` answer. */
export function useStaffAccess(): StaffAccess {
  const token = useConsoleSelector(selectConsoleToken);
  const { data: staff } = useMeQuery({ token }, { skip: !token });
  const granted = new Set(staff?.permissions ?? []);
  return { staff, can: (permission) => granted.has(permission), isStall: staff?.role === 'stall' };
}
