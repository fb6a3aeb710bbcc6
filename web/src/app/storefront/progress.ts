import NProgress from 'nprogress';
import 'nprogress/nprogress.css';
import { PROGRESS_SETTINGS } from '../../lib/constants';

// @types/nprogress lacks trickleRate, which nprogress 0.2 reads.
NProgress.configure(PROGRESS_SETTINGS as unknown as Parameters<typeof NProgress.configure>[0]);

export function progressStart(): void {
  NProgress.start();
}

export function progressDone(): void {
  NProgress.done();
}
