// 'Sign in with an API key' for returning users: POST /api/session.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "@tanstack/react-router";
import { useState, type FormEvent } from "react";
import { ApiError, errorText } from "../../api/client";
import { organizationKey, signIn } from "../../api/organization";
import { Modal } from "../../components/Modal";
import { Button, inputClass, labelClass } from "../../components/ui";

export function SignInDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [apiKey, setApiKey] = useState("");
  const [error, setError] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const router = useRouter();
  const mutation = useMutation({
    mutationFn: signIn,
    onSuccess: async ({ organization }) => {
      queryClient.setQueryData(organizationKey, organization);
      void queryClient.invalidateQueries({ queryKey: organizationKey });
      await router.invalidate();
    },
    onError: (e) => setError(e instanceof ApiError && e.status === 401 ? "That API key is not valid." : errorText(e)),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const key = apiKey.trim();
    if (!key) {
      setError("Please enter your API key");
      return;
    }
    setError(null);
    mutation.mutate(key);
  };
  return (
    <Modal open={open} onClose={onClose} title="Sign in with an API key">
      <form onSubmit={submit} noValidate className="space-y-4">
        <div>
          <label htmlFor="signin-key" className={labelClass}>
            API key
          </label>
          <input
            id="signin-key"
            type="password"
            autoComplete="off"
            spellCheck={false}
            placeholder="pk_live_..."
            value={apiKey}
            onChange={(e) => setApiKey(e.target.value)}
            className={`${inputClass} mt-1 font-mono`}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "signin-error" : undefined}
            // biome-ignore lint/a11y/noAutofocus: the dialog opens on request to take a key; focus belongs in its only field.
            autoFocus
          />
          {error ? (
            <p id="signin-error" role="alert" className="mt-1 text-sm text-red-600 dark:text-red-400">
              {error}
            </p>
          ) : null}
        </div>
        <Button type="submit" className="w-full" disabled={mutation.isPending}>
          {mutation.isPending ? "Signing in..." : "Sign in"}
        </Button>
      </form>
    </Modal>
  );
}
