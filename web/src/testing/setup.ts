import { configure } from '@testing-library/react';

// Screens are awaited for up to 10 s instead of 1 s: `make test` runs the unit tests beside the Rust
// build, and a screen that appears late on a busy machine has not failed.
configure({ asyncUtilTimeout: 10_000 });
