//! Issue 45 items 3 (batch rows), 4, 6 and 8: ordering reports that fill their rows and count
//! skipped orders as skipped, the platform and file name as the seller gave them, and a template
//! that says when each column is needed.
