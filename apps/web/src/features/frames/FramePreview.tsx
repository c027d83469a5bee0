import { type FrameDesign, frameLayers, frameSvg } from '@mitrebox/domain';
import { useMemo } from 'react';
import classes from './FrameBuilder.module.css';
import { artworkUrl } from './frames-api.ts';
import { type DesignPartsByField, partLooks, partSizes } from './parts.ts';
import { useNaturalSize } from './use-natural-size.ts';

interface FramePreviewProps {
  design: FrameDesign;
  /** The design's parts by field (moulding, innerMoulding, fillet, mat, lowerMats.N, glass). */
  parts: DesignPartsByField;
  image: { width: number; height: number } | null;
  label: string;
  idPrefix?: string;
}

/** The design drawn true to scale in the browser, redrawn on every change (no round trip). */
export function FramePreview({ design, parts, image, label, idPrefix = 'pv' }: FramePreviewProps) {
  // a double opening's second picture, shown whole in the right-hand window
  const href2 = design.matOpening === 'double' ? artworkUrl(design.file2 ?? null) : null;
  const image2 = useNaturalSize(href2);
  const svg = useMemo(() => {
    const layers = frameLayers(design, partSizes(design, parts));
    const href = artworkUrl(design.file);
    const crop = design.crop ?? { x: 0, y: 0, w: 1, h: 1 };
    return frameSvg(layers, {
      idPrefix,
      pxWidth: 800,
      ...partLooks(design, parts),
      art:
        href && image
          ? {
              href,
              crop: {
                x: crop.x * image.width,
                y: crop.y * image.height,
                w: crop.w * image.width,
                h: crop.h * image.height,
              },
            }
          : null,
      art2: href2 && image2 ? { href: href2, crop: { x: 0, y: 0, w: image2.width, h: image2.height } } : null,
    });
  }, [design, parts, image, idPrefix, href2, image2]);
  return (
    <div
      className={classes.previewArt}
      role="img"
      aria-label={label}
      // the markup is built by frameSvg from numbers and checked colours only
      // biome-ignore lint/security/noDangerouslySetInnerHtml: generated SVG, no user text in it
      dangerouslySetInnerHTML={{ __html: svg }}
    />
  );
}
