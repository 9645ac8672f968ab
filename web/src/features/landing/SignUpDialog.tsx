// Sign-up dialog: form (schema/requests/ validation, server issues) → success screen with the one-time key.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate, useRouter } from "@tanstack/react-router";
import { useState, type FormEvent } from "react";
import { PRODUCT_NAME } from "@promptsentry/schema/constants/screens";
import { TRIAL_DAYS } from "@promptsentry/schema/constants/plans";
import { ApiError } from "../../api/client";
import { organizationKey, register } from "../../api/organization";
import type { RegisterResult } from "../../api/types";
import { Modal } from "../../components/Modal";
import { CheckCircleIcon, CopyIcon } from "../../components/icons";
import { toast } from "../../components/toast";
import { TextField, useFormFields } from "../../components/form";
import { Button, inputClass, labelClass } from "../../components/ui";
import { signUpForm } from "@promptsentry/schema/requests/account";
import { serverErrors, validateForm, type FormErrors } from "../../lib/form";

function SignUpForm({ onDone }: { onDone: (r: RegisterResult) => void }) {
  const [errors, setErrors] = useState<FormErrors>({});
  const { values: input, field } = useFormFields({ name: "", adminName: "", email: "" }, errors);
  const mutation = useMutation({
    mutationFn: register,
    onSuccess: (result) => {
      toast({
        title: `Welcome to ${PRODUCT_NAME}!`,
        // No e-mail is sent at sign-up: the next steps are on the screen that follows.
        description: `Your ${TRIAL_DAYS}-day free trial has started. Copy your API key below to send your first log.`,
      });
      onDone(result);
    },
    onError: (error) => {
      const fieldErrors = serverErrors(error);
      if (fieldErrors) setErrors(fieldErrors);
      toast({
        title: "Registration failed",
        description: (error instanceof ApiError && error.serverMessage) || "Please try again or contact support",
        variant: "destructive",
      });
    },
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const [values, errs] = validateForm(signUpForm, input);
    if (errs) {
      setErrors(errs);
      return;
    }
    setErrors({});
    mutation.mutate(values);
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <p className="text-sm text-gray-600 dark:text-gray-400">{TRIAL_DAYS} days free. No credit card required.</p>
      <TextField label="Organization Name" autoComplete="organization" placeholder="Acme Inc." {...field("name")} autoFocus />
      <TextField label="Your Name" autoComplete="name" placeholder="Ada Lovelace" {...field("adminName")} />
      <TextField label="Email" type="email" autoComplete="email" placeholder="you@company.com" {...field("email")} />
      <Button type="submit" className="w-full" disabled={mutation.isPending}>
        {mutation.isPending ? "Creating your account..." : "Start Free Trial"}
      </Button>
    </form>
  );
}

function SuccessScreen({ result, onEnter }: { result: RegisterResult; onEnter: () => void }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(result.apiKey);
      toast({ title: "API key copied" });
    } catch {
      toast({ title: "Copy failed", description: "Select the key and copy it manually.", variant: "destructive" });
    }
  };
  return (
    <div className="space-y-5">
      <div className="flex items-center gap-3 rounded-lg bg-green-50 p-4 text-green-800 dark:bg-green-500/10 dark:text-green-300">
        <CheckCircleIcon className="h-6 w-6 shrink-0" />
        <p className="text-sm">
          Welcome, <strong>{result.organization.name}</strong>! Your {TRIAL_DAYS}-day free trial has started.
        </p>
      </div>
      <div>
        <label htmlFor="new-api-key" className={labelClass}>
          Your API key
        </label>
        <div className="mt-1 flex gap-2">
          <input id="new-api-key" readOnly value={result.apiKey} className={`${inputClass} font-mono`} onFocus={(e) => e.target.select()} />
          <Button variant="secondary" onClick={copy}>
            <CopyIcon className="h-4 w-4" />
            Copy
          </Button>
        </div>
        <p className="mt-2 text-xs text-amber-700 dark:text-amber-400">
          Store it somewhere safe: it is shown only once and cannot be recovered.
        </p>
      </div>
      <div>
        <h3 className="text-sm font-semibold text-gray-900 dark:text-white">Next steps</h3>
        <ol className="mt-2 list-decimal space-y-1 pl-5 text-sm text-gray-600 dark:text-gray-400">
          <li>Copy your API key and keep it in your secret store.</li>
          <li>
            Send prompts from your app: <code className="font-mono text-xs">POST /api/logs</code> with{" "}
            <code className="font-mono text-xs">Authorization: Bearer &lt;key&gt;</code>.
          </li>
          <li>Open the dashboard to watch prompts and red flags arrive live.</li>
        </ol>
      </div>
      <Button className="w-full" onClick={onEnter}>
        Access Dashboard
      </Button>
    </div>
  );
}

export function SignUpDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [result, setResult] = useState<RegisterResult | null>(null);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const router = useRouter();

  const enter = async () => {
    if (!result) return;
    queryClient.setQueryData(organizationKey, result.organization);
    // The server's answer to GET /api/organization may carry more (member, permissions): refresh it.
    void queryClient.invalidateQueries({ queryKey: organizationKey });
    await navigate({ to: "/" });
    await router.invalidate();
  };

  return (
    <Modal open={open} onClose={result ? () => void enter() : onClose} title={result ? "Your account is ready" : "Start your free trial"}>
      {result ? <SuccessScreen result={result} onEnter={() => void enter()} /> : <SignUpForm onDone={setResult} />}
    </Modal>
  );
}
