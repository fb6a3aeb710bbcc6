import { useDispatch, useSelector } from 'react-redux';
import type { ConsoleDispatch, ConsoleState } from './store';

export const useConsoleDispatch = useDispatch.withTypes<ConsoleDispatch>();
export const useConsoleSelector = useSelector.withTypes<ConsoleState>();
