import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../theme.css';

/** `site` on the public page's contact form, `admin` on the sign-in form. */
export type FieldTone = 'site' | 'admin';

const box = style({ display: 'grid', gap: vars.space.xs });

export const field = styleVariants({
  // Beside another field in a row, each keeps its label at the top.
  site: [box, { alignContent: 'start' }],
  admin: [box],
});

export const label = styleVariants({
  site: { fontWeight: 600, color: vars.color.brownDark },
  admin: { fontWeight: 600, color: vars.color.text },
});

const control = style({
  width: '100%',
  minHeight: '2.75rem',
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.sm,
  background: vars.color.white,
  selectors: {
    '&[aria-invalid="true"]': { borderColor: vars.color.danger },
  },
});

export const input = styleVariants({
  site: [control, { border: `1px solid ${vars.color.muted}` }],
  admin: [control, { border: `1px solid ${vars.color.border}` }],
});

/** Added to a textarea's control class. */
export const textarea = style({ resize: 'vertical' });

export const error = styleVariants({
  site: { color: vars.color.danger, fontSize: '0.875rem', fontWeight: 600 },
  admin: { color: vars.color.danger, fontSize: '0.9rem' },
});
