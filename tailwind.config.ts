import type { Config } from 'tailwindcss';

/** Dark theme with yellow accents (spec: "dark with yellow accents"). Loaded by src/index.css via @config. */
export default {
  content: ['./index.html', './src/**/*.{ts,tsx}'],
  theme: {
    extend: {
      colors: {
        surface: {
          DEFAULT: '#0b0b0f',
          raised: '#15151c',
          overlay: '#1e1e27',
          border: '#2a2a35',
        },
        accent: {
          DEFAULT: '#facc15',
          hover: '#fde047',
          muted: '#a16207',
          contrast: '#0b0b0f',
        },
        ink: {
          DEFAULT: '#f4f4f5',
          muted: '#a1a1aa',
          faint: '#71717a',
        },
        danger: '#f87171',
        success: '#4ade80',
        // The Top Partners podium (places 1-3); each passes AA on the raised surface.
        rank: {
          gold: '#facc15',
          silver: '#d4d4d8',
          bronze: '#fb923c',
        },
      },
      fontFamily: {
        sans: ['system-ui', '-apple-system', 'Segoe UI', 'Roboto', 'Helvetica Neue', 'Arial', 'sans-serif'],
      },
    },
  },
} satisfies Config;
