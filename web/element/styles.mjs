// The element's stylesheet (the page's, adapted for a shadow root by build.mjs) given to each
// element's shadow root: one constructed sheet shared by every element of the page, or a <style>
// where constructed sheets are not supported.
import STYLES from 'attention-lab:styles';

// One stylesheet for every element of the page (constructed once, never changed).
let sheet;
export function adoptStyles(shadow) {
  if (
    'adoptedStyleSheets' in shadow &&
    typeof CSSStyleSheet === 'function' &&
    'replaceSync' in CSSStyleSheet.prototype
  ) {
    if (!sheet) {
      sheet = new CSSStyleSheet();
      sheet.replaceSync(STYLES);
    }
    shadow.adoptedStyleSheets = [sheet];
    return;
  }
  const style = document.createElement('style');
  style.textContent = STYLES;
  shadow.append(style);
}
