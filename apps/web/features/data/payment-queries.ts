'use client';
import type { AppPaymentList, Dataset } from '@sprout/core/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/browser/toast';
import { useAuth } from '@/lib/api/auth';
import { useCalls } from '@/lib/api/services';
import { actionErrorText } from '@/lib/api/error-text';
import { dataCalls } from './api';
import { withRefunded } from './payments';

/*
 * The Payments section's data as hooks: a dataset's orders with their totals and readiness, and the
 * owner's refund. Under the Data panel's key, so resetting or switching data refreshes them too.
 */

/** A checkout paid in the preview shows up within this while the panel is on screen, as the documents do. */
const PAYMENTS_POLL_MS = 3_000;

const paymentsKey = (sproutId: string, dataset: Dataset) => ['app-data', sproutId, dataset, 'payments'] as const;

export function usePayments(sproutId: string, dataset: Dataset, opts: { enabled: boolean; live: boolean }) {
  const calls = useCalls(dataCalls);
  // Only once the signed-in user is known: calls made earlier would go out without a token.
  const signedIn = useAuth().status === 'signed-in';
  return useQuery({
    queryKey: paymentsKey(sproutId, dataset),
    queryFn: () => calls.payments(sproutId, dataset),
    enabled: opts.enabled && signedIn,
    refetchInterval: opts.live ? PAYMENTS_POLL_MS : false,
    refetchOnWindowFocus: opts.live,
  });
}

/** Shows the order refunded at once; it goes back to Paid (with the server's reason in a toast) if the refund is refused. */
export function useRefundPayment(sproutId: string, dataset: Dataset) {
  const calls = useCalls(dataCalls);
  const qc = useQueryClient();
  const key = paymentsKey(sproutId, dataset);
  return useMutation({
    mutationFn: (paymentId: string) => calls.refundPayment(sproutId, dataset, paymentId),
    onMutate: async (paymentId) => {
      // A poll landing meanwhile would show it Paid again until the refund is done.
      await qc.cancelQueries({ queryKey: key });
      const before = qc.getQueryData<AppPaymentList>(key);
      qc.setQueryData<AppPaymentList>(key, (list) => withRefunded(list, paymentId));
      return before;
    },
    onError: (err, _id, before) => {
      qc.setQueryData(key, before);
      toast.error(actionErrorText('refund the payment', err, 'Could not refund the payment. Try again.'));
    },
    onSuccess: () => toast.success('Payment refunded'),
    // The `payments` collection's document changed too.
    onSettled: () => qc.invalidateQueries({ queryKey: ['app-data', sproutId, dataset] }),
  });
}
