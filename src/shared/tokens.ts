/**
 * The design tokens as plain values: src/ui/theme.css.ts fills the theme contract from them, and
 * code outside the stylesheets (the theme-color meta tag, the web app manifest) reads them here.
 * Colour pairs used for text meet WCAG AA (4.5:1) on their intended background.
 */
export const tokens = {
  color: {
    brown: '#5c3a1e',
    brownDark: '#3d2612',
    gold: '#a35a0c',
    goldLight: '#f6d9a8',
    cream: '#fdf8f0',
    creamDark: '#f3e6d3',
    text: '#2b1d12',
    muted: '#5f5046',
    white: '#ffffff',
    border: '#e4d5c1',
    danger: '#b42318',
    dangerBg: '#fef3f2',
    success: '#1e6b3a',
    focus: '#1d4ed8',
    overlay: 'rgba(20, 12, 6, 0.85)',
  },
  space: {
    xs: '0.25rem',
    sm: '0.5rem',
    md: '1rem',
    lg: '1.5rem',
    xl: '2rem',
    xxl: '3rem',
    section: '4.5rem',
  },
  radius: { sm: '0.375rem', md: '0.75rem', lg: '1.25rem', full: '9999px' },
  font: {
    body: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    heading: 'Georgia, "Times New Roman", serif',
  },
  shadow: {
    card: '0 4px 16px rgba(61, 38, 18, 0.10)',
    raised: '0 12px 32px rgba(61, 38, 18, 0.18)',
  },
  width: { page: '72rem', narrow: '48rem' },
};
