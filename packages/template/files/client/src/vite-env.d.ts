/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Where the app's backend is when the built files are hosted on another origin (unset: this origin). */
  readonly VITE_SPROUT_BACKEND_URL?: string;
}
