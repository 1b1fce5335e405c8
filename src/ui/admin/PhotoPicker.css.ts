import { style } from '@vanilla-extract/css';
import { vars } from '../theme.css';

/** The photo picker's list of photos (PhotoPicker.ts), each with its thumbnail and tools. */
export const photos = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space.md,
});

export const hint = style({ color: vars.color.muted, fontSize: '0.9rem' });

export const photo = style({
  display: 'grid',
  gridTemplateColumns: '5rem minmax(0, 1fr)',
  gap: vars.space.md,
  alignItems: 'start',
  padding: vars.space.sm,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
});

export const photoThumb = style({
  width: '5rem',
  height: '5rem',
  objectFit: 'cover',
  borderRadius: vars.radius.sm,
});

export const photoTools = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.xs,
  gridColumn: '1 / -1',
});

export const mainBadge = style({
  display: 'inline-block',
  padding: `0 ${vars.space.sm}`,
  borderRadius: vars.radius.sm,
  background: vars.color.goldLight,
  color: vars.color.brownDark,
  fontWeight: 700,
  fontSize: '0.85rem',
});

/** The file input's own width (about 350 px in Chromium) would set its field's column: capped to the form's. */
export const fileField = style({ gridTemplateColumns: 'minmax(0, 1fr)' });

export const fileInput = style({ display: 'block', width: '100%', maxWidth: '100%' });

export const progress = style({ width: '100%', height: '0.75rem' });
