import { useEffect, useRef, useState } from 'react';
import { profilePreview } from '@signet/contracts/signature-profiles';
import { drawLook, loadLook, type ProfileLook } from '../render-profile-image';

/** Preview text waits this long after the last keystroke (D§9). */
export const previewTextDebounceMs = 1000;

/**
 * The live preview canvas (600×200, 10 % padding, the image on the left half; D§2, §9), scaled
 * down to the room it has. The text follows 1 s after typing stops.
 */
export function ProfilePreview({ look, label }: { look: ProfileLook; label: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [text, setText] = useState(look.text);

  useEffect(() => {
    const timer = setTimeout(() => setText(look.text), previewTextDebounceMs);
    return () => clearTimeout(timer);
  }, [look.text]);

  const { imageDataUrl, ratio, font, color } = look;
  useEffect(() => {
    let current = true;
    const target = canvas.current;
    if (!target) return;
    // Drawing waits for the font and the image; a newer look wins over an older one on its way.
    void loadLook({ imageDataUrl, text, ratio, font, color }).then((content) => {
      if (current) drawLook(target, content);
    });
    return () => {
      current = false;
    };
  }, [imageDataUrl, text, ratio, font, color]);

  return (
    // A plain canvas: on a Box, width and height would be CSS, not the canvas's own size.
    <canvas
      ref={canvas}
      width={profilePreview.width}
      height={profilePreview.height}
      role="img"
      aria-label={label}
      data-testid="profile-preview"
      data-text={text}
      style={{
        display: 'block',
        width: '100%',
        maxWidth: profilePreview.width,
        aspectRatio: `${profilePreview.width} / ${profilePreview.height}`,
        border: '1px solid rgba(128,128,128,0.4)',
        borderRadius: 4,
        backgroundImage:
          'repeating-conic-gradient(rgba(128,128,128,0.10) 0% 25%, transparent 0% 50%)',
        backgroundSize: '16px 16px',
      }}
    />
  );
}
