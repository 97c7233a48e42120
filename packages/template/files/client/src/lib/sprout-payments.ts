// Payments for the app, served by Sprout on this app's origin (docs/app-backend.md, "Payments"). Sprout
// provides this file: apps import `payments` from the client (lib/sprout.ts), which hands it its requests.

/** One line of a checkout: `amount` in the currency's smallest unit (cents: 450 is 4.50), `currency` like 'usd'. */
export interface CheckoutItem { name: string; amount: number; currency: string; quantity: number }
export interface CheckoutOptions {
  items: CheckoutItem[];
  /** Paths of this app to return to: after paying (with `?payment=<id>` added), or on cancel. */
  successPath: string;
  cancelPath: string;
  /** Up to 20 strings kept with the order (an order number, a table), read back from the `payments` collection. */
  metadata?: Record<string, string>;
}

/** The app's payments, over the client's own request function (sprout.ts hands it in). */
export function paymentsWith(post: (path: string, body: unknown) => Promise<{ url: string }>) {
  return {
    /**
     * Starts a checkout and takes the browser there: Sprout's test checkout in the preview, Stripe on the
     * published app. The paid order appears in the `payments` collection (readable by whoever paid).
     */
    async checkout(options: CheckoutOptions): Promise<void> {
      const { url } = await post('payments/checkout', options);
      window.location.assign(url);
    },
  };
}
