import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { useDispatch, useSelector } from 'react-redux';
import type { SessionState } from './session-slice';

/**
 * The part of the storefront's store that the layers below the app read: the session. The app's
 * store (app/storefront/store.ts) has this shape and more (the api cache), so these hooks never
 * import the app.
 */
export interface RootState {
  session: SessionState;
}

/** Dispatches actions and thunks (RTK Query's initiate, util.invalidateTags, …). */
export type AppDispatch = ThunkDispatch<RootState, unknown, UnknownAction>;

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
