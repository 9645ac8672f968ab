import { Link } from "@tanstack/react-router";
import { buttonClass } from "../../components/ui";

export function NotFound() {
  return (
    <div className="flex flex-col items-center justify-center py-24 text-center">
      <p className="text-5xl font-bold text-indigo-600 dark:text-indigo-400">404</p>
      <h2 className="mt-4 text-2xl font-semibold text-gray-900 dark:text-white">Page Not Found</h2>
      <p className="mt-2 text-sm text-gray-500 dark:text-gray-400">The page you are looking for does not exist.</p>
      <Link to="/" className={`${buttonClass("primary")} mt-6`}>
        Back to Dashboard
      </Link>
    </div>
  );
}
