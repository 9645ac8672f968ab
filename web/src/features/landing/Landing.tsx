// Public landing page (docs/web.md#screens 'Landing and sign-up'): hero, features, plans, footer.
import { useState } from "react";
import { PLANS, TRIAL_DAYS, type PlanId } from "@promptsentry/schema/constants/plans";
import { PRODUCT_NAME } from "@promptsentry/schema/constants/screens";
import { ActivityIcon, BarChartIcon, CheckIcon, FlagIcon, LockIcon, MoonIcon, ShieldIcon, SunIcon } from "../../components/icons";
import { Badge, Button, cx } from "../../components/ui";
import { formatNumber } from "../../lib/format";
import { toggleTheme, useTheme } from "../../lib/theme";
import { SignInDialog } from "./SignInDialog";
import { SignUpDialog } from "./SignUpDialog";

const FEATURES = [
  {
    icon: ActivityIcon,
    title: "Real-time Monitoring",
    text: "Every prompt and response your organisation exchanges with AI models, live as it happens.",
  },
  {
    icon: FlagIcon,
    title: "Red Flag Detection",
    text: "Prompt injection, jailbreak attempts, leaked credentials and personal data flagged automatically.",
  },
  {
    icon: BarChartIcon,
    title: "Analytics & Insights",
    text: "Usage, cost and flag trends per day and per model, so you know where the tokens go.",
  },
  {
    icon: LockIcon,
    title: "Team & Alerts",
    text: "Roles for admins, engineers and viewers, with alerts by e-mail, Slack and webhooks.",
  },
] as const;

const PLAN_ORDER: PlanId[] = ["trial", "professional", "enterprise"];
const PLAN_BUTTON: Record<PlanId, string> = {
  trial: "Start Free Trial",
  professional: "Get Started",
  enterprise: "Contact Sales",
};
const PLAN_EXTRAS: Record<PlanId, string[]> = {
  trial: ["Real-time monitoring", "Red flag detection", "No credit card required"],
  professional: ["Everything in Free Trial", "Webhooks and integrations", "Advanced analytics"],
  enterprise: ["Everything in Professional", "Team roles and API keys", "Priority support"],
};

export default function Landing() {
  const [signUpOpen, setSignUpOpen] = useState(false);
  const [signInOpen, setSignInOpen] = useState(false);
  const theme = useTheme();
  const openSignUp = () => setSignUpOpen(true);

  return (
    <div className="min-h-screen bg-white dark:bg-gray-950">
      <header className="mx-auto flex max-w-7xl items-center justify-between px-6 py-5">
        <div className="flex items-center gap-2">
          <ShieldIcon className="h-7 w-7 text-indigo-600 dark:text-indigo-400" />
          <span className="text-lg font-bold text-gray-900 dark:text-white">{PRODUCT_NAME}</span>
        </div>
        <div className="flex items-center gap-2">
          <button
            type="button"
            onClick={toggleTheme}
            aria-label={`Switch to ${theme === "dark" ? "light" : "dark"} theme`}
            className="rounded-full p-2 text-gray-500 hover:bg-gray-100 dark:text-gray-400 dark:hover:bg-gray-800"
          >
            {theme === "dark" ? <SunIcon /> : <MoonIcon />}
          </button>
          <Button variant="ghost" onClick={() => setSignInOpen(true)}>
            Sign in with an API key
          </Button>
        </div>
      </header>

      <main>
        <section className="mx-auto max-w-4xl px-6 pt-16 pb-20 text-center">
          <Badge className="bg-indigo-50 text-indigo-700 ring-indigo-600/20 dark:bg-indigo-500/15 dark:text-indigo-300">
            AI prompt monitoring for teams
          </Badge>
          <h1 className="mt-6 text-4xl font-bold tracking-tight text-gray-900 sm:text-6xl dark:text-white">
            See what your organisation sends to AI models
          </h1>
          <p className="mx-auto mt-6 max-w-2xl text-lg text-gray-600 dark:text-gray-400">
            {PRODUCT_NAME} logs every prompt and response, flags prompt injection, jailbreaks and leaked data in real time, and alerts your
            team before it becomes an incident.
          </p>
          <div className="mt-10 flex flex-wrap items-center justify-center gap-4">
            <Button size="lg" onClick={openSignUp}>
              Start Free {TRIAL_DAYS}-Day Trial
            </Button>
            <Button size="lg" variant="secondary" onClick={() => setSignInOpen(true)}>
              Sign in with an API key
            </Button>
          </div>
          <p className="mt-4 text-sm text-gray-500 dark:text-gray-400">No credit card required.</p>
        </section>

        <section aria-labelledby="features-title" className="bg-gray-50 py-20 dark:bg-gray-900/50">
          <div className="mx-auto max-w-7xl px-6">
            <h2 id="features-title" className="text-center text-3xl font-bold tracking-tight text-gray-900 dark:text-white">
              Everything you need to use AI safely
            </h2>
            <div className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
              {FEATURES.map(({ icon: Icon, title, text }) => (
                <article
                  key={title}
                  className="rounded-xl border border-gray-200 bg-white p-6 shadow-xs dark:border-gray-800 dark:bg-gray-900"
                >
                  <div className="flex h-10 w-10 items-center justify-center rounded-lg bg-indigo-600 text-white">
                    <Icon />
                  </div>
                  <h3 className="mt-4 text-base font-semibold text-gray-900 dark:text-white">{title}</h3>
                  <p className="mt-2 text-sm text-gray-600 dark:text-gray-400">{text}</p>
                </article>
              ))}
            </div>
          </div>
        </section>

        <section aria-labelledby="pricing-title" className="py-20">
          <div className="mx-auto max-w-7xl px-6">
            <h2 id="pricing-title" className="text-center text-3xl font-bold tracking-tight text-gray-900 dark:text-white">
              Simple, transparent pricing
            </h2>
            <div className="mx-auto mt-12 grid max-w-5xl gap-6 lg:grid-cols-3">
              {PLAN_ORDER.map((id) => {
                const plan = PLANS[id];
                const popular = id === "professional";
                return (
                  <article
                    key={id}
                    aria-label={plan.name}
                    className={cx(
                      "relative flex flex-col rounded-2xl border bg-white p-8 shadow-xs dark:bg-gray-900",
                      popular ? "border-indigo-600 ring-2 ring-indigo-600" : "border-gray-200 dark:border-gray-800",
                    )}
                  >
                    {popular ? (
                      <span className="absolute -top-3 left-1/2 -translate-x-1/2 rounded-full bg-indigo-600 px-3 py-1 text-xs font-semibold text-white">
                        Most Popular
                      </span>
                    ) : null}
                    <h3 className="text-lg font-semibold text-gray-900 dark:text-white">{plan.name}</h3>
                    <p className="mt-4 flex items-baseline gap-1">
                      <span className="text-4xl font-bold text-gray-900 dark:text-white">${plan.priceUsd}</span>
                      <span className="text-sm text-gray-500 dark:text-gray-400">{plan.period}</span>
                    </p>
                    <ul role="list" className="mt-6 flex-1 space-y-2 text-sm text-gray-600 dark:text-gray-400">
                      <li className="flex gap-2">
                        <CheckIcon className="h-5 w-5 shrink-0 text-indigo-600" />
                        {plan.promptQuota === null ? "Unlimited prompts" : `${formatNumber(plan.promptQuota)} prompts`}
                      </li>
                      {PLAN_EXTRAS[id].map((x) => (
                        <li key={x} className="flex gap-2">
                          <CheckIcon className="h-5 w-5 shrink-0 text-indigo-600" />
                          {x}
                        </li>
                      ))}
                    </ul>
                    <Button className="mt-8 w-full" variant={popular ? "primary" : "secondary"} onClick={openSignUp}>
                      {PLAN_BUTTON[id]}
                    </Button>
                  </article>
                );
              })}
            </div>
          </div>
        </section>
      </main>

      <footer className="border-t border-gray-200 py-10 dark:border-gray-800">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-4 px-6 text-sm text-gray-500 dark:text-gray-400">
          <div className="flex items-center gap-2">
            <ShieldIcon className="h-5 w-5 text-indigo-600 dark:text-indigo-400" />
            <span>
              © {new Date().getFullYear()} {PRODUCT_NAME}
            </span>
          </div>
          <p>Monitor, flag and understand your organisation's AI usage.</p>
        </div>
      </footer>

      <SignUpDialog open={signUpOpen} onClose={() => setSignUpOpen(false)} />
      <SignInDialog open={signInOpen} onClose={() => setSignInOpen(false)} />
    </div>
  );
}
