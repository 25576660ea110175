// The fonts of D§9, self-hosted: their files come with the app's build (Fontsource packages),
// nothing is fetched from a font service at run time. Imported by the screens that draw text.
import '@fontsource/kolker-brush/400.css';
import '@fontsource/windsong/400.css';
import '@fontsource/dancing-script/400.css';
import '@fontsource/caveat/400.css';
import '@fontsource/sacramento/400.css';
import '@fontsource/playwrite-hr/400.css';
import type { ProfileFont } from '@signet/contracts/signature-profiles';

/** Waits until the font's files are loaded (a canvas draws with a fallback font otherwise). */
export async function loadProfileFont(font: ProfileFont, text: string): Promise<void> {
  try {
    await document.fonts.load(`24px "${font}"`, text || 'Aa');
  } catch {
    // A font that fails to load leaves the canvas with its fallback font.
  }
}
