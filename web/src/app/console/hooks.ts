/**
 * The app's own hooks, typed on its whole store (the api cache too, which `upsertQueryData`
 * needs); the screens below the app use state/console-hooks.ts.
 */
import { useDispatch, useSelector } from 'react-redux';
import type { ConsoleDispatch, ConsoleState } from './store';

export const useConsoleDispatch = useDispatch.withTypes<ConsoleDispatch>();
export const useConsoleSelector = useSelector.withTypes<ConsoleState>();
