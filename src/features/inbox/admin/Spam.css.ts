import { style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme.css';

export const filterRow = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.sm,
  marginBottom: vars.space.md,
});

/** The filter is a toggle: pressed, it looks filled like a chosen option. */
export const pressed = style({
  selectors: {
    // Above the outline button's hover rule (0,3,0), whatever order the stylesheets load in.
    '&[aria-pressed="true"]:not(:disabled), &[aria-pressed="true"]:hover:not(:disabled)': {
      background: vars.color.brownDark,
      color: vars.color.white,
    },
  },
});

export const intro = style({ color: vars.color.muted, fontSize: '0.9rem', margin: 0, flexBasis: '100%' });

/** The reasons under a held inquiry's name, in words. */
export const reasons = style({
  margin: `${vars.space.xs} 0 0`,
  paddingLeft: '1.1rem',
  color: vars.color.danger,
  fontSize: '0.85rem',
  overflowWrap: 'anywhere',
});

export const box = style({
  display: 'grid',
  gap: vars.space.sm,
  padding: vars.space.md,
  borderRadius: vars.radius.sm,
  border: `1px solid ${vars.color.danger}`,
  background: vars.color.dangerBg,
});

export const heading = style({
  fontSize: '1rem',
  color: vars.color.danger,
  fontFamily: vars.font.body,
  margin: 0,
});

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm });

export const question = style({ margin: 0, fontWeight: 600 });
