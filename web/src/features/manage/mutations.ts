// The mutations the management screens share: delete with confirmation, create/save forms and the
// active switch, each with the spec's success and failure toasts and the list refetch.
import { useMutation, useQueryClient, type QueryKey } from "@tanstack/react-query";
import { useState } from "react";
import type * as v from "valibot";
import { toast, type ToastInput } from "../../components/toast";
import { serverErrors, validateForm, type FormErrors } from "../../lib/form";
import { useLatest } from "./common";

/**
 * A delete mutation: the success toast then `onDone`, or a destructive toast with the error; either
 * way the lists under `queryKeys` are refetched (and the mutation stays pending until they are).
 */
export function useDeleteWithToast<V>({
  mutationFn,
  queryKeys,
  success,
  failure,
  onDone,
}: {
  mutationFn: (variables: V) => Promise<unknown>;
  queryKeys: readonly QueryKey[];
  success: string;
  failure: string;
  onDone?: () => void;
}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: V) => mutationFn(variables),
    onSuccess: () => {
      toast({ title: success });
      onDone?.();
    },
    onError: (e) => toast({ title: failure, error: e, variant: "destructive" }),
    onSettled: () => Promise.all(queryKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}

/**
 * An item picked for deletion (`ask`), confirmed in a ConfirmDialog (`dialog` props; `shown` keeps the
 * item while the dialog animates closed), then deleted by id with useDeleteWithToast.
 */
export function useConfirmDelete<T extends { id: string }>(options: {
  deleteFn: (id: string) => Promise<unknown>;
  queryKeys: readonly QueryKey[];
  success: string;
  failure: string;
}) {
  const [target, setTarget] = useState<T | null>(null);
  const shown = useLatest(target);
  const remove = useDeleteWithToast({
    mutationFn: options.deleteFn,
    queryKeys: options.queryKeys,
    success: options.success,
    failure: options.failure,
    onDone: () => setTarget(null),
  });
  return {
    ask: (item: T) => setTarget(item),
    shown,
    dialog: {
      open: target !== null,
      pending: remove.isPending,
      onClose: () => setTarget(null),
      onConfirm: () => target && remove.mutate(target.id),
    },
  };
}

/**
 * The mutation of a create/invite form. On success: the toast, the lists under `queryKeys` refetched
 * (not awaited) and `onDone` with the answer; on failure: the server's field errors and a destructive
 * toast. `submit` checks the input with the shared schema first and shows its errors instead of sending.
 */
export function useFormMutation<V, R>({
  mutationFn,
  queryKeys,
  success,
  failure,
  onDone,
}: {
  mutationFn: (variables: V) => Promise<R>;
  queryKeys: readonly QueryKey[];
  success: string | ((result: R) => ToastInput);
  failure: string;
  onDone: (result: R) => void;
}) {
  const queryClient = useQueryClient();
  const [errors, setErrors] = useState<FormErrors>({});
  const mutation = useMutation({
    mutationFn,
    onSuccess: (result) => {
      toast(typeof success === "string" ? { title: success } : success(result));
      for (const queryKey of queryKeys) void queryClient.invalidateQueries({ queryKey });
      onDone(result);
    },
    onError: (e) => {
      setErrors(serverErrors(e) ?? {});
      toast({ title: failure, error: e, variant: "destructive" });
    },
  });
  const submit = <S extends v.GenericSchema>(schema: S, input: unknown, toVariables: (values: v.InferOutput<S>) => V) => {
    const [values, errs] = validateForm(schema, input);
    if (errs) return setErrors(errs);
    setErrors({});
    mutation.mutate(toVariables(values));
  };
  return { mutation, errors, setErrors, submit };
}

/**
 * The active switch of a card: flips the item in the cached list at once, puts the list back and
 * shows the error if the update fails, and refetches the list either way.
 */
export function useActiveToggle<T extends { id: string; active: boolean }>({
  id,
  update,
  queryKey,
  success,
  failure,
}: {
  id: string;
  update: (active: boolean) => Promise<unknown>;
  queryKey: QueryKey;
  success: string;
  failure: string;
}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: update,
    onMutate: async (active) => {
      await queryClient.cancelQueries({ queryKey });
      const before = queryClient.getQueryData<T[]>(queryKey);
      queryClient.setQueryData<T[]>(queryKey, (list) => list?.map((item) => (item.id === id ? { ...item, active } : item)));
      return { before };
    },
    onError: (e, _v, ctx) => {
      if (ctx?.before) queryClient.setQueryData(queryKey, ctx.before);
      toast({ title: failure, error: e, variant: "destructive" });
    },
    onSuccess: () => toast({ title: success }),
    onSettled: () => queryClient.invalidateQueries({ queryKey }),
  });
}
