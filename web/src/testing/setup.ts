import { configure } from '@testing-library/react';

// Screens are awaited for up to 10 s instead of 1 s: `make test` runs the unit tests beside the Rust
// build, and a screen that appears late on a busy machine has not failed.
configure({ asyncUtilTimeout: 10_000 });

// jsdom's getComputedStyle matches every stylesheet rule against the element and each of its
// ancestors, again after any change to the document: with antd's CSS-in-JS rules in the document a
// call costs about 100 ms, and the console screens spent half their time there. What antd asks it
// for is layout (container borders, scrollers' overflow, a form item's margin, scrollbar size),
// which jsdom does not compute anyway, and no test reads styles. Tests answer from the element's
// own style attribute.
// (Some suites run in node, with no window.)
if (typeof window !== 'undefined') {
  window.getComputedStyle = ((element: Element) => {
    const declaration = document.createElement('div').style;
    declaration.cssText = element instanceof HTMLElement ? element.style.cssText : '';
    return declaration;
  }) as typeof window.getComputedStyle;
}
