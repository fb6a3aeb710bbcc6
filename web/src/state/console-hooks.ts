import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { useDispatch, useSelector } from 'react-redux';
import type { ConsoleRootState } from './console-session';

/**
 * The console's typed hooks for the layers below its app: they read the part of its store that
 * every screen reads (the console session). The app's store (app/console/store.ts) has this shape
 * and more (the api cache), so these hooks never import the app.
 */
export type ConsoleDispatch = ThunkDispatch<ConsoleRootState, unknown, UnknownAction>;

export const useConsoleDispatch = useDispatch.withTypes<ConsoleDispatch>();
export const useConsoleSelector = useSelector.withTypes<ConsoleRootState>();
