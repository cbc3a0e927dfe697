import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import { toast } from '../../components/toast';
import { errorMessage } from '../../api/api-error';

/** Mark one notification, or all of them, read; every notification list and the bell's count refresh. */
export function useNotificationActions() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['me', 'notifications'] });
  const readOne = useMutation({
    mutationFn: (notificationId: string) => unwrap(api.POST('/api/me/notifications/{notificationId}/read', { params: { path: { notificationId } } })),
    onSuccess: refresh,
    onError: (error) => toast.error(errorMessage(error)),
  });
  const readAll = useMutation({
    mutationFn: () => unwrap(api.POST('/api/me/notifications/read-all')),
    onSuccess: async () => {
      await refresh();
      toast.success('All notifications marked read.');
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
  return { readOne, readAll };
}
