"""Training on DTensors, as TF's DTensor tutorial does it: data, model and spatial parallel
meshes, one tf.function train step, checkpoints restored on another mesh. Sharding changes
where numbers live, not the numbers: from the same weights, every scheme trains as a
replicated model does."""

import numpy as np
import pytest

import eagerbook as tf

dtensor = tf.experimental.dtensor
U = dtensor.UNSHARDED
DEVICES = [f"CPU:{i}" for i in range(8)]


@pytest.fixture(autouse=True)
def eight_cpus():
    cpu = tf.config.list_physical_devices("CPU")[0]
    tf.config.set_logical_device_configuration(cpu, [tf.config.LogicalDeviceConfiguration()] * 8)


class Dense(tf.Module):
    """The tutorial's layer: its weights are DVariables with the layout asked for."""

    def __init__(self, sizes, seed, layout, activation=None):
        super().__init__()
        self.weight = dtensor.DVariable(dtensor.call_with_layout(
            tf.function(tf.random.stateless_normal), layout, shape=sizes, seed=seed))
        self.bias = dtensor.DVariable(dtensor.call_with_layout(tf.zeros, layout.delete([0]),
                                                               [sizes[1]]))
        self.activation = activation or (lambda x: x)

    def __call__(self, x):
        return self.activation(tf.matmul(x, self.weight) + self.bias)


class MLP(tf.Module):
    def __init__(self, layouts):
        super().__init__()
        self.dense1 = Dense((16, 8), (1, 2), layouts[0], tf.nn.relu)
        self.dense2 = Dense((8, 2), (3, 4), layouts[1])

    def __call__(self, x):
        y = self.dense1(x)
        mean, variance = tf.nn.moments(y, axes=[0])
        return self.dense2(tf.nn.batch_normalization(y, mean, variance, 0.0, 1.0, 1e-5))


def make_train_step():
    """The tutorial's train step (one per test: its traces hold the test's DVariables)."""
    @tf.function
    def train_step(model, x, y, learning_rate):
        with tf.GradientTape() as tape:
            loss = tf.reduce_sum(tf.nn.sparse_softmax_cross_entropy_with_logits(
                logits=model(x), labels=y))
        for parameter, gradient in zip(model.trainable_variables,
                                       tape.gradient(loss, model.trainable_variables)):
            parameter.assign_sub(learning_rate * gradient)
        return loss
    return train_step


def batches():
    rng = np.random.default_rng(0)
    for _ in range(3):
        yield rng.random((16, 16), np.float32), rng.integers(0, 2, 16).astype(np.int64)


def scheme(mesh_dims, weight_specs, data_specs):
    mesh = dtensor.create_mesh(mesh_dims, devices=DEVICES)
    layouts = [dtensor.Layout(specs, mesh) for specs in weight_specs]
    return mesh, layouts, dtensor.Layout(data_specs, mesh), dtensor.Layout(data_specs[:1], mesh)


SCHEMES = {
    "data parallel": ([("batch", 8)], ([U, U], [U, U]), ["batch", U]),
    "model parallel": ([("batch", 4), ("model", 2)], ([U, "model"], ["model", U]), ["batch", U]),
    "spatial parallel": ([("batch", 2), ("feature", 2), ("model", 2)],
                         (["feature", "model"], ["model", U]), ["batch", "feature"]),
}


@pytest.mark.parametrize("name", list(SCHEMES))
def test_every_scheme_trains_as_a_replicated_model_does(name):
    _, replicated, x_rep, y_rep = scheme(SCHEMES["data parallel"][0], ([U, U], [U, U]),
                                         [U, U])
    mesh, layouts, x_layout, y_layout = scheme(*SCHEMES[name])
    model, reference = MLP(layouts), MLP(replicated)
    for mine, theirs in zip(model.trainable_variables, reference.trainable_variables):
        # (sharded weights are drawn one random stream per device, as in TF: start alike)
        theirs.assign(dtensor.copy_to_mesh(gathered(mine), theirs.layout))
    train_step = make_train_step()
    for x, y in batches():
        loss = train_step(model, dtensor.copy_to_mesh(x, x_layout),
                          dtensor.copy_to_mesh(y, y_layout), 0.01)
        expected = train_step(reference, dtensor.copy_to_mesh(x, x_rep),
                              dtensor.copy_to_mesh(y, y_rep), 0.01)
        np.testing.assert_allclose(loss.numpy(), expected.numpy(), rtol=1e-5)
    assert dtensor.fetch_layout(model.dense1.weight) == layouts[0]
    assert dtensor.fetch_layout(model.dense2.bias) == layouts[1].delete([0])


def test_a_checkpoint_restores_on_another_mesh(tmp_path):
    """(The tutorial continues data parallel training model parallel from a checkpoint.)"""
    _, layouts, x_layout, y_layout = scheme(*SCHEMES["data parallel"])
    trained, train_step = MLP(layouts), make_train_step()
    for x, y in batches():
        train_step(trained, dtensor.copy_to_mesh(x, x_layout), dtensor.copy_to_mesh(y, y_layout),
                   0.01)
    path = tf.train.Checkpoint(root=trained).save(str(tmp_path / "ckpt"))
    _, other_layouts, _, _ = scheme(*SCHEMES["model parallel"])
    restored = MLP(other_layouts)
    tf.train.Checkpoint(root=restored).restore(path).assert_consumed()
    assert dtensor.fetch_layout(restored.dense1.weight) == other_layouts[0]
    for before, after in zip(trained.trainable_variables, restored.trainable_variables):
        np.testing.assert_array_equal(gathered(before), gathered(after))


def gathered(variable):
    """A DVariable's whole value (its pieces gathered by a relayout to replicated)."""
    layout = dtensor.Layout.replicated(variable.layout.mesh, variable.layout.rank)
    return dtensor.relayout(variable.read_value(), layout).numpy()
