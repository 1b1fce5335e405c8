import { style } from '@vanilla-extract/css';
import { vars } from '../theme.css';

/** The dashboard's red box: a failed load, notices not getting through, a refused save. */
export const alert = style({
  display: 'grid',
  gap: vars.space.xs,
  padding: vars.space.md,
  borderRadius: vars.radius.sm,
  border: `1px solid ${vars.color.danger}`,
  background: vars.color.dangerBg,
  color: vars.color.danger,
  overflowWrap: 'anywhere',
});

export const title = style({ margin: 0, fontWeight: 700 });

export const text = style({ margin: 0 });
