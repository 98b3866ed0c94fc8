"""``tf.train.ClusterSpec``: the jobs of a distributed TF cluster and their tasks' addresses
(and ``tf.train.CheckpointOptions``, the options of a checkpoint's writing and reading).

A job ("worker", "ps", ...) holds tasks numbered from 0, each a network address. eagerbook runs
on one machine, so a ClusterSpec is only a description here (what distribution strategies and
``TF_CONFIG`` read); it answers TF's questions about the cluster the same way.
"""


def _tasks_of(job, tasks):
    """A job's tasks as {index: address}: a list numbers them from 0, a dict keeps its keys."""
    if isinstance(tasks, (list, tuple)):
        return dict(enumerate(tasks))
    if isinstance(tasks, dict) and all(isinstance(i, int) for i in tasks):
        return dict(tasks)
    raise TypeError(f"The tasks for job {job!r} must be a list or a dictionary from integers "
                    f"to strings.")


class ClusterSpec:
    """A cluster: job names mapped to their tasks (a list of addresses, or {index: address})."""

    def __init__(self, cluster):
        if isinstance(cluster, ClusterSpec):
            self._jobs = {job: dict(tasks) for job, tasks in cluster._jobs.items()}
            self._given_as_list = dict(cluster._given_as_list)
        elif isinstance(cluster, dict):
            self._jobs = {job: _tasks_of(job, tasks) for job, tasks in cluster.items()}
            self._given_as_list = {job: isinstance(tasks, (list, tuple))
                                   for job, tasks in cluster.items()}
        else:
            raise TypeError("`cluster` must be a dictionary mapping one or more job names to "
                            "lists of network addresses, or a `ClusterDef` protocol buffer")

    def __bool__(self):
        return bool(self._jobs)

    def __eq__(self, other):
        return isinstance(other, ClusterSpec) and self._jobs == other._jobs

    def __ne__(self, other):
        return not self == other

    __hash__ = None

    def __repr__(self):
        shown = {job: self._as_given(job) for job in sorted(self._jobs)}
        return f"ClusterSpec({shown!r})"

    def _as_given(self, job):
        tasks = self._jobs[job]
        if self._given_as_list[job]:
            return [tasks[i] for i in sorted(tasks)]
        return dict(tasks)

    def _tasks(self, job_name):
        if job_name not in self._jobs:
            raise ValueError(f"No such job in cluster: {job_name!r}")
        return self._jobs[job_name]

    @property
    def jobs(self):
        """The job names, in the order given."""
        return list(self._jobs)

    def as_dict(self):
        """{job: list of addresses}, or {job: {index: address}} for a job given sparsely."""
        return {job: self._as_given(job) for job in self._jobs}

    def num_tasks(self, job_name):
        return len(self._tasks(job_name))

    def task_indices(self, job_name):
        return sorted(self._tasks(job_name))

    def task_address(self, job_name, task_index):
        tasks = self._tasks(job_name)
        if task_index not in tasks:
            raise ValueError(f"No task with index {task_index} in job {job_name!r}")
        return tasks[task_index]

    def job_tasks(self, job_name):
        """The addresses of a job's tasks by index, None where an index has no task."""
        tasks = self._tasks(job_name)
        return [tasks.get(i) for i in range(max(tasks) + 1)] if tasks else []


class CheckpointOptions:
    """``tf.train.CheckpointOptions``: how a checkpoint is written or read (which device does
    the I/O, asynchronous saving). eagerbook writes on the one CPU, synchronously; the options
    are kept so code that passes them runs unchanged."""

    def __init__(self, experimental_io_device=None, experimental_enable_async_checkpoint=False,
                 experimental_write_callbacks=None, enable_async=False,
                 experimental_sharding_callback=None, experimental_skip_slot_variables=False):
        self.experimental_io_device = experimental_io_device
        self.experimental_enable_async_checkpoint = experimental_enable_async_checkpoint
        self.enable_async = enable_async
        self.experimental_write_callbacks = experimental_write_callbacks
        self.experimental_sharding_callback = experimental_sharding_callback
        self.experimental_skip_slot_variables = experimental_skip_slot_variables
