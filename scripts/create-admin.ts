// Placeholder: the admin issue implements the CLI.
console.error('create-admin is not implemented yet');
process.exit(1);
