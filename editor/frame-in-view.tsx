/**
 * An iframe that is only put on the page once its box is on screen. The palette shows one live thumbnail per kind of
 * section, each a whole preview document; the browser's own loading="lazy" starts every frame within a screen or two of
 * the view, which in the palette's dialog is nearly all of them at once.
 */
import { useEffect, useRef, useState, type IframeHTMLAttributes } from 'react';

export function FrameInView(props: IframeHTMLAttributes<HTMLIFrameElement> & { title: string }) {
  const box = useRef<HTMLSpanElement>(null);
  // Without IntersectionObserver (an old browser) the frame is shown at once, as it was before.
  const [seen, setSeen] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    if (seen || !box.current) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) setSeen(true);
    });
    observer.observe(box.current);
    return () => observer.disconnect();
  }, [seen]);
  return seen ? <iframe {...props} /> : <span ref={box} />;
}
