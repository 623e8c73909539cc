export interface IdentityProvider {
  /** `http://127.0.0.1:{port}` */
  issuer: string;
  clientId: string;
  clientSecret: string;
  close: () => Promise<void>;
}

export interface IdentityProviderOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  /** Defaults to "cueboard-test". */
  clientId?: string;
  /** Defaults to a random one. */
  clientSecret?: string;
  /** The app's callback URLs (`{origin}/auth/callback`). */
  redirectUris: string[];
  /** The sign-in page's heading reads "Sign in to the {title}"; defaults to "test identity provider". */
  title?: string;
  /** Named on the sign-in page as the account that opens /admin. */
  adminEmail?: string;
}

/** `maria.lopez@example.com` → "Maria Lopez". */
export function nameFromEmail(email: string): string;
export function startIdentityProvider(options: IdentityProviderOptions): Promise<IdentityProvider>;
