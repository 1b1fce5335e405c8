import { style } from '@vanilla-extract/css';
import { vars } from '../../../../ui/theme.css';

export const card = style({ width: '100%', maxWidth: '28rem' });

export const form = style({ display: 'grid', gap: vars.space.md });

export const back = style({
  justifySelf: 'center',
  color: vars.color.gold,
  fontWeight: 600,
  padding: vars.space.xs,
});

/** The passkey button under the spec's form, set apart by a rule. */
export const passkey = style({
  display: 'grid',
  marginTop: vars.space.md,
  paddingTop: vars.space.md,
  borderTop: `1px solid ${vars.color.border}`,
});
