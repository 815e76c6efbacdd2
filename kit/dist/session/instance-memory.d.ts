/**
 * The memory of this function instance, in bytes: `FUNCTION_MEMORY_MB` when the platform sets
 * it, else the container's cgroup limit, else the machine's total memory (what Cloud Run shows
 * a container as its total), whichever is smallest of the last two.
 */
export declare function instanceMemoryBytes(): number;
