import type { DesignPart } from '@mitrebox/api-contract';
import { type FrameDesign, frameLayers, frameSvg } from '@mitrebox/domain';
import { useMemo } from 'react';
import classes from './FrameBuilder.module.css';
import { artworkUrl } from './frames-api.ts';

interface FramePreviewProps {
  design: FrameDesign;
  moulding: DesignPart | null;
  mat: DesignPart | null;
  image: { width: number; height: number } | null;
  label: string;
  idPrefix?: string;
}

/** The design drawn true to scale in the browser, redrawn on every change (no round trip). */
export function FramePreview({ design, moulding, mat, image, label, idPrefix = 'pv' }: FramePreviewProps) {
  const svg = useMemo(() => {
    const layers = frameLayers(design, { mouldingWidth: moulding?.Width ?? null });
    const href = artworkUrl(design.file);
    const crop = design.crop ?? { x: 0, y: 0, w: 1, h: 1 };
    return frameSvg(layers, {
      idPrefix,
      pxWidth: 800,
      moulding: moulding
        ? {
            swatch: moulding.swatch,
            finishName: moulding.finish_name,
            profileName: moulding.profile_type,
            strip: moulding.strip ? { href: moulding.strip.url, aspect: moulding.strip.aspect } : null,
          }
        : null,
      mat: mat ? { swatch: mat.swatch, core: /black/i.test(mat.category ?? '') ? 'black' : 'white' } : null,
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
    });
  }, [design, moulding, mat, image, idPrefix]);
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
