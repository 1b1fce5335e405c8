import { style, styleVariants } from '@vanilla-extract/css';
import { buttonBase } from '../components/Button.css';
import { vars } from '../theme.css';

/** The site's button, made denser and squarer for the dashboard. */
const base = style([
  buttonBase,
  {
    padding: `${vars.space.sm} ${vars.space.md}`,
    borderRadius: vars.radius.sm,
    borderWidth: 1,
    fontWeight: 600,
    fontSize: 'inherit',
    whiteSpace: 'nowrap',
  },
]);

export const button = styleVariants({
  primary: [
    base,
    {
      background: vars.color.brown,
      color: vars.color.white,
      selectors: { '&:hover:not(:disabled)': { background: vars.color.brownDark } },
    },
  ],
  outline: [
    base,
    {
      background: vars.color.white,
      color: vars.color.brown,
      borderColor: vars.color.border,
      selectors: { '&:hover:not(:disabled)': { background: vars.color.cream } },
    },
  ],
});

export const full = style({ width: '100%' });
